/** Runs before every test file (vitest `setupFiles`), also when a worker does not isolate files. */
import { afterAll } from 'vitest';
import { removeProjects } from '../scan-cli-support.js';

afterAll(removeProjects);
