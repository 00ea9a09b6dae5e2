/**
 * Builds a parameterised WHERE clause from optional filters: values are always bound as
 * $1, $2, … (never spliced into SQL), and absent filters simply add nothing.
 */
export class SqlConditions {
  readonly params: unknown[] = [];
  private readonly clauses: string[] = [];

  /** Binds `value` as the next parameter and returns its placeholder. */
  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** Adds a clause that uses no parameter, or placeholders already obtained from bind(). */
  raw(clause: string): this {
    this.clauses.push(clause);
    return this;
  }

  /** Binds `value` and adds the clause built around its placeholder. */
  add(clause: (placeholder: string) => string, value: unknown): this {
    return this.raw(clause(this.bind(value)));
  }

  get sql(): string {
    return this.clauses.length ? this.clauses.join(' AND ') : 'true';
  }
}
