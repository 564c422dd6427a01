export { useMeta } from './api/meta';
