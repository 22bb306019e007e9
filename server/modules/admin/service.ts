import { AppError } from '../../kernel/errors.ts';
import type { AdminAction, UsersService } from '../users/index.ts';

/** Who decides: the signed-in user, as the session found them. */
interface Decider {
  userId: string;
  isAdmin: boolean;
}

/** Administrators' decisions on accounts (SPEC.md 4 User states); the users module applies them to its rows. */
export class AdminService {
  private readonly users: UsersService;

  constructor(users: UsersService) {
    this.users = users;
  }

  /** Ban, unban, verify, reject or unpublish an account: administrators only, and never their own. */
  async decideOnAccount(admin: Decider, userId: string, action: AdminAction) {
    if (!admin.isAdmin) throw new AppError(403, 'errors.forbidden');
    if (admin.userId === userId) throw new AppError(400, 'admin.notOnYourself');
    await this.users.applyAdminDecision(userId, action);
  }
}
