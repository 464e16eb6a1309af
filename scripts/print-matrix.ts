// Prints bridges/matrix.ts as README's markdown table (paste it between the matrix markers;
// tests/unit/container-matrix.test.ts checks that README and the table agree).
import { matrixMarkdown } from '../bridges/matrix';

console.log(matrixMarkdown());
