import type { ConsoleAccountAction, ConsolePages } from '../../../contract/pages.ts';
import type { AdminService, Operator } from './service.ts';

/** The console's pages: each operation goes through the admin service, which refuses non-admins. */
export function consolePageOperations(admin: AdminService): ConsolePages {
  return {
    dashboard: (viewer) => admin.dashboard(viewer),
    searchAccounts: (viewer, query, page) => admin.searchAccounts(viewer, query, page),
    account: (viewer, userId, language) => admin.account(viewer, userId, language),
    decideOnAccount: (viewer, userId, action) => decideOnAccount(admin, viewer, userId, action),
    auditLog: (viewer, filter, page) => admin.auditLog(viewer, filter, page),
    pendingApplications: (viewer, kind, page) => admin.pendingApplications(viewer, kind, page),
    decideApplication: (viewer, kind, applicationId, input) =>
      admin.decideApplication(viewer, kind, applicationId, input),
    settings: (viewer) => admin.settings(viewer),
    updateSettings: (viewer, input) => admin.updateSettings(viewer, input),
    searchSynonyms: (viewer) => admin.synonyms.operatorText(viewer),
    saveSearchSynonyms: async (viewer, text) => {
      await admin.synonyms.saveOperatorText(viewer, text);
      return admin.synonyms.operatorText(viewer);
    },
    reportsByListing: (viewer, page) => admin.reportsByListing(viewer, page),
    reportsByReporter: (viewer, page) => admin.reportsByReporter(viewer, page),
    dismissListingReports: (viewer, itemId) => admin.dismissListingReports(viewer, itemId),
    dismissReporter: (viewer, reporterId) => admin.dismissReporter(viewer, reporterId),
    categories: (viewer) => admin.categories(viewer),
    category: (viewer, catId) => admin.category(viewer, catId),
    updateCategory: (viewer, catId, edit) => admin.updateCategory(viewer, catId, edit),
    createCategory: (viewer, edit) => admin.catalog.create(viewer, edit),
    saveCategoryPicture: (viewer, catId, slot, picture) => admin.catalog.savePicture(viewer, catId, slot, picture),
    removeCategoryPicture: (viewer, catId, slot) => admin.catalog.removePicture(viewer, catId, slot),
    lookupList: (viewer, kind, parentId, language) => admin.lists.list(viewer, kind, parentId, language),
    lookupEntry: (viewer, kind, id) => admin.lists.get(viewer, kind, id),
    saveLookupEntry: (viewer, kind, id, edit) =>
      id === null ? admin.lists.create(viewer, kind, edit) : admin.lists.update(viewer, kind, id, edit),
    saveSubcategoryPhoto: (viewer, id, photo) => admin.saveSubcategoryPhoto(viewer, id, photo),
    removeSubcategoryPhoto: (viewer, id) => admin.removeSubcategoryPhoto(viewer, id),
    blogPosts: (viewer, page, language) => admin.blogs.list(viewer, page, language),
    blogPost: (viewer, blogId) => admin.blogs.get(viewer, blogId),
    saveBlogPost: (viewer, blogId, edit) =>
      blogId === null ? admin.blogs.create(viewer, edit) : admin.blogs.update(viewer, blogId, edit),
    saveBlogPhoto: (viewer, blogId, upload) => admin.blogs.savePhoto(viewer, blogId, upload),
    deleteBlogPost: (viewer, blogId) => admin.blogs.remove(viewer, blogId),
    contentPage: (viewer, kind) => admin.pages.get(viewer, kind),
    saveContentPage: (viewer, kind, edit) => admin.pages.save(viewer, kind, edit),
    banners: (viewer) => admin.banners.list(viewer),
    banner: (viewer, bannerId) => admin.banners.get(viewer, bannerId),
    saveBanner: (viewer, bannerId, edit, picture) =>
      bannerId === null ? admin.banners.create(viewer, edit, picture) : admin.banners.update(viewer, bannerId, edit),
    replaceBannerPicture: (viewer, bannerId, picture) => admin.banners.replacePicture(viewer, bannerId, picture),
    deleteBanner: (viewer, bannerId) => admin.banners.remove(viewer, bannerId),
    collections: (viewer) => admin.collections.list(viewer),
    collection: (viewer, collectionId) => admin.collections.get(viewer, collectionId),
    saveCollection: (viewer, collectionId, edit) =>
      collectionId === null
        ? admin.collections.create(viewer, edit)
        : admin.collections.update(viewer, collectionId, edit),
    addToCollection: (viewer, collectionId, itemId) => admin.collections.addItem(viewer, collectionId, itemId),
    removeFromCollection: (viewer, collectionId, itemId) => admin.collections.removeItem(viewer, collectionId, itemId),
    deleteCollection: (viewer, collectionId) => admin.collections.remove(viewer, collectionId),
    listingCards: (viewer, itemIds, language) => admin.listingCards(viewer, itemIds, language),
    broadcast: (viewer, input) => admin.broadcast(viewer, input),
    reviews: (viewer, page) => admin.reviews.latest(viewer, page),
    setReviewHidden: (viewer, reviewId, hidden) => admin.reviews.setHidden(viewer, reviewId, hidden),
  };
}

function decideOnAccount(admin: AdminService, viewer: Operator, userId: string, action: ConsoleAccountAction) {
  return action === 'end-sessions' ? admin.endSessions(viewer, userId) : admin.decideOnAccount(viewer, userId, action);
}
