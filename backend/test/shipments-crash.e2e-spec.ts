import { describeWorkerCrash } from './helpers/worker-crash.js';

// kill -9 of a worker process at random moments mid-upload (seed 11); the second seed is
// shipments-crash-again.e2e-spec.ts, a file of its own so jest runs the two side by side.
describeWorkerCrash(11);
