export { Step1Editor } from './components/step1-editor';
export { step1EditorKey } from './utils/step1-editor-key';
