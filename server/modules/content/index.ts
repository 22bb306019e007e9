export { BlogEditor, MAX_BLOG_PHOTO_BYTES } from './blog-editor.ts';
export { PageEditor } from './page-editor.ts';
export { type ContentPageOperations, contentPageOperations } from './page-operations.ts';
export { textToHtml } from './rich-text.ts';
export { contentRoutes } from './routes.ts';
export { type BlogQuery, ContentService } from './service.ts';
