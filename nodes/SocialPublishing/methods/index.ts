import { searchWorkspaces } from './listSearch/searchWorkspaces';

export const listSearch = { searchWorkspaces };
