import { area } from './area';

export const staff = area({
}, {
});
