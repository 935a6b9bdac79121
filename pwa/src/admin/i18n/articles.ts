import { area } from './area';

export const articles = area({
}, {
});
