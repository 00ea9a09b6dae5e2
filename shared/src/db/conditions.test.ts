import { SqlConditions } from './conditions';

describe('SqlConditions', () => {
  it('when filters are added, then values are bound in order and clauses joined with AND', () => {
    const w = new SqlConditions().add((p) => `workspace_id = ${p}`, 'w1').raw('deleted_at IS NULL');
    w.add((p) => `type = ANY(${p}::text[])`, ['van']);
    const p = w.bind('%x%');
    w.raw(`(name ILIKE ${p} OR note ILIKE ${p})`);
    expect(w.sql).toBe('workspace_id = $1 AND deleted_at IS NULL AND type = ANY($2::text[]) AND (name ILIKE $3 OR note ILIKE $3)');
    expect(w.params).toEqual(['w1', ['van'], '%x%']);
  });

  it('when nothing is added, then the clause selects everything', () => {
    expect(new SqlConditions().sql).toBe('true');
  });
});
