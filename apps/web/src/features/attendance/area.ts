/** The attendance area: loaded with its pages' chunk, which import this module (app/areas.ts). */
import { registerArea } from '../../app/areas';
import { loadEvents } from '../../app/lookups/sagas';
import { attendanceSlice } from './slice';
import { attendanceSaga, loadAttendanceColumns } from './sagas';

registerArea({
  name: 'attendance',
  slices: [attendanceSlice],
  sagas: [attendanceSaga],
  pageLoaders: {
    ATTENDANCE: [loadAttendanceColumns, loadEvents],
  },
});
