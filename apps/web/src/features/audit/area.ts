/** The audit log's area: loaded with its page's chunk, which imports this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { auditSlice } from './slice';
import { auditSaga, loadAuditOptions } from './sagas';

registerArea({
  name: 'audit',
  slices: [auditSlice],
  sagas: [auditSaga],
  // Not in SPEC.md's list: the audit log's filters offer the users and the entities logged.
  pageLoaders: { AUDIT: [loadAuditOptions] },
});
