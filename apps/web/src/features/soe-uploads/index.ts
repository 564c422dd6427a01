export { UploadEpriceDialog, type UploadEpriceDialogProps } from './components/upload-eprice-dialog';
export {
  LevelUploadButtons,
  UPLOAD_NEEDS_SAVE,
  type LevelUploadButtonsProps,
} from './components/level-upload-buttons';
export { studyShowsCosts } from './utils/shows-costs';
