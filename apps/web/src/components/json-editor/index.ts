export { JsonEditor } from './JsonEditor';
