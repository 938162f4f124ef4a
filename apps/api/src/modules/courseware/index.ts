/** What other modules use of courseware: they import it from here, never from its files (lint). */
export { coursewareQuery, toCoursewareDto } from './courseware-dto.ts';
export type { CoursewareRecord } from './courseware-dto.ts';
export {
  COURSEWARE_NOT_FOUND,
  LINKABLE_STATUSES,
  createCoursewares,
  findCoursewareId,
  resolveCoursewareId,
  statusChange,
  statusLabel,
} from './service.ts';
