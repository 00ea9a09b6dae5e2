import type { MigrationBuilder } from 'node-pg-migrate';

export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
CREATE TABLE locations (
  id uuid PRIMARY KEY,
  workspace_id text NOT NULL,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
  type text NOT NULL CHECK (type IN ('warehouse', 'van', 'truck', 'site', 'other')),
  active boolean NOT NULL DEFAULT true,
  is_default boolean NOT NULL DEFAULT false,
  icon text,
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  geofence_radius_m double precision CHECK (geofence_radius_m BETWEEN 25 AND 10000),
  access_level text CHECK (access_level IN ('read', 'write')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- Names are unique per workspace, case-insensitively, among locations that still exist.
CREATE UNIQUE INDEX locations_workspace_name ON locations (workspace_id, lower(name)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX locations_workspace_default ON locations (workspace_id) WHERE is_default;
CREATE INDEX locations_workspace ON locations (workspace_id, created_at) WHERE deleted_at IS NULL;
`);
}
