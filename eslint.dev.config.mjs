// Lint for code that is not shipped: tests, the sandbox, benchmarks and scripts.
// These are `.cts` files because `n8n-node lint` applies n8n Cloud's rules to every `*.ts`
// file (no Node built-ins, no timers, no process), which only shipped code must follow.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', '.toolchain/**', '.demo/**'] },
	{
		files: ['**/*.cts'],
		extends: [js.configs.recommended, tseslint.configs.recommended],
		rules: {
			'no-console': 'off',
			'@typescript-eslint/no-require-imports': 'off',
		},
	},
);
