import { area } from './area';

export const ai = area({
}, {
});
