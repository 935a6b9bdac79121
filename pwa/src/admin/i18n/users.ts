import { area } from './area';

export const users = area({
}, {
});
