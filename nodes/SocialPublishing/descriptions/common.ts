export { workspaceLocator } from '../../shared/locators';
export { nodeOptions } from '../../shared/options';

export function titleCase(value: string): string {
	return value
		.split(/[_+\s-]/)
		.filter(Boolean)
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
		.join(value.includes('+') ? ' + ' : ' ');
}
