/** The print queue page's area: loaded with its chunk, which imports this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { loadPrintJobs } from '../../app/printing/sagas';

registerArea({
  name: 'printQueue',
  slices: [],
  sagas: [],
  pageLoaders: { PRINT_QUEUE: [loadPrintJobs] },
});
