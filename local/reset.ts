// `npm run reset`: forget all local data; the next `npm start` seeds the demo data again.
import { rmSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve('.data');
rmSync(dir, { recursive: true, force: true });
console.log(`Removed ${dir}. The next 'npm start' starts clean with the demo data.`);
