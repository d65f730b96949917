// A worker for worker-young-generation.test.ts: posts the size of its new space as it starts.
import { getHeapSpaceStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';

const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
parentPort.postMessage(newSpace.space_size);
