/** Imported first by every process's main.ts: tracing's instrumentations patch `http` and `pg` as they load (see src/telemetry/instrument.ts). */
import './src/telemetry/instrument';
