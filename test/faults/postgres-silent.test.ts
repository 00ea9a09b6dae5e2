import { postgresOutageCases } from './postgres-outage';

postgresOutageCases('silence');
