/** `pnpm --filter @matchmaker/contracts openapi`: rewrites the committed OpenAPI document. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OPENAPI_FILE, openApiText } from './document';

const file = fileURLToPath(new URL(`../../${OPENAPI_FILE}`, import.meta.url));
writeFileSync(file, openApiText());
console.log(`OpenAPI 3.1 document written to ${file}`);
