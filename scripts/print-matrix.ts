// Prints contract/containers.ts as README's markdown table (paste it between the matrix markers;
// tests/unit/container-matrix.test.ts checks that README and the table agree).
import { matrixMarkdown } from '../contract/containers';

console.log(matrixMarkdown());
