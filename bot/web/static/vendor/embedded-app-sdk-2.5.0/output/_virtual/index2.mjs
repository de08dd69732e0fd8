import { getDefaultExportFromCjs } from './_commonjsHelpers.mjs';
import { __require as requireLodash_transform } from '../lib/lodash.transform/index.mjs';

var lodash_transformExports = requireLodash_transform();
var transform = /*@__PURE__*/getDefaultExportFromCjs(lodash_transformExports);

export { transform as default };
