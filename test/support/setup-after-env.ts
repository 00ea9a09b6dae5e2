import { closeConnections } from './fixtures';

afterAll(closeConnections);
