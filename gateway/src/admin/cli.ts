/** Entry point of `npm run -s admin -- <command>` (in the image: `node gateway/src/admin/cli.js`). */
import { runAdminCli } from './admin-cli';

runAdminCli(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then((code) => process.exit(code));
