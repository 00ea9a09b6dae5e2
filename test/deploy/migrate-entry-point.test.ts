/**
 * scripts/migrate.ts (the Kubernetes migration Job's entry point) must migrate what the processes
 * migrate at start: every schema, each from the directory its process names. A service added with
 * migrations of its own, or a schema renamed, fails here rather than in a cluster.
 */
import fs from 'node:fs';
import path from 'node:path';
import { IDENTITY_MIGRATIONS, IDENTITY_SCHEMA } from '../../gateway/src/main';
import { SCHEMA_MIGRATIONS } from '../../scripts/migrate';

const ROOT = path.resolve(__dirname, '../..');

describe('the migration entry point (scripts/migrate.ts)', () => {
  it("when the Job runs it, then it applies the gateway's identity schema from the directory the gateway migrates at start", () => {
    expect(SCHEMA_MIGRATIONS).toContainEqual({ schema: IDENTITY_SCHEMA, dir: IDENTITY_MIGRATIONS });
  });

  it('when the Job runs it, then it applies each service with migrations, its schema named as the service, from the directory its main.ts names', () => {
    const services = fs.readdirSync(path.join(ROOT, 'services')).filter((name) => fs.existsSync(path.join(ROOT, 'services', name, 'src/data/migrations')));
    expect(services.length).toBeGreaterThan(0);
    for (const name of services) {
      const main = fs.readFileSync(path.join(ROOT, 'services', name, 'src/main.ts'), 'utf8');
      // startService({ name, migrationsDir: path.join(__dirname, 'data/migrations') }): the schema is the name.
      expect(main).toContain(`name: '${name}'`);
      expect(main).toContain("migrationsDir: path.join(__dirname, 'data/migrations')");
      expect(SCHEMA_MIGRATIONS).toContainEqual({ schema: name, dir: path.join(ROOT, 'services', name, 'src/data/migrations') });
    }
    expect(SCHEMA_MIGRATIONS).toHaveLength(services.length + 1);
  });
});
