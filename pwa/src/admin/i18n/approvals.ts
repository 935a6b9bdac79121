import { area } from './area';

export const approvals = area({
}, {
});
