// The repository's own ESLint rules, as one plugin: `redaktion/sealed-folder` and `redaktion/layers`.
import { layers } from './layers.js';
import { sealedFolder } from './sealed-folder.js';

export default { rules: { 'sealed-folder': sealedFolder, layers } };
