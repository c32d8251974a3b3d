// Public API of the library of templates and public cases (the package subpath 'campaign-sim/library').
export { listLibrary, type Library } from './list-library.js';
export { fillTemplate, findTemplate, nextMonday, LIBRARY_AVISO, type FilledTemplate, type TemplatePlace, type TemplateView } from './fill-template.js';
export { publicCases, publicCase, type PublicCase } from './public-cases.js';
export { TEMPLATES, type Template, type TemplateQuestion, type TemplateScenario } from './templates.js';
