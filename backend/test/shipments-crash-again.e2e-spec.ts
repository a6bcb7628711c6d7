import { describeWorkerCrash } from './helpers/worker-crash.js';

// The same kill -9 scenario as shipments-crash.e2e-spec.ts with another seed: other kill moments.
describeWorkerCrash(29);
