import { postgresOutageCases } from './postgres-outage';

postgresOutageCases('cut');
