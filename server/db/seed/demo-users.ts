import { hash } from '@node-rs/argon2';
import type { Db } from '../database.ts';
import * as schema from '../schema/index.ts';

export interface DemoCredentials {
  adminEmail: string;
  adminPassword: string;
  userPassword: string;
}

export const DEMO_ADMIN_ID = 'demo-admin';
/** The demo seller whose phone number is proven (+966500000012, Layla Karim). */
export const DEMO_PHONE_USER = { id: 'demo-user-12', phone: '+966500000012' } as const;

/** Demo sellers: Arabic and English names, spread over the seeded cities. */
const DEMO_PEOPLE = [
  'محمد العتيبي',
  'Sara Al-Harbi',
  'عبدالله القحطاني',
  'Omar Haddad',
  'نورة الشمري',
  'Khalid Mansour',
  'فاطمة الزهراني',
  'Youssef El-Sayed',
  'ريم الدوسري',
  'Ahmed Nasser',
  'سلطان المطيري',
  'Layla Karim',
] as const;

export const demoUserId = (index: number) => `demo-user-${String(index + 1).padStart(2, '0')}`;
export const DEMO_USER_COUNT = DEMO_PEOPLE.length;

export async function seedRoles(db: Db) {
  await db
    .insert(schema.roles)
    .values([
      { id: 1, name: 'user', description: 'Buys and sells' },
      { id: 2, name: 'admin', description: 'Operates the marketplace' },
      { id: 3, name: 'moderator', description: 'Reviews listings and reports' },
    ])
    .onConflictDoNothing();
}

export async function seedUsers(db: Db, credentials: DemoCredentials, cityIds: number[]) {
  const [adminHash, userHash] = await Promise.all([
    hashPassword(credentials.adminPassword),
    hashPassword(credentials.userPassword),
  ]);
  const people = [
    {
      id: DEMO_ADMIN_ID,
      userName: 'Souk Admin',
      userEmail: credentials.adminEmail.toLowerCase(),
      roleId: 2,
      userIsSysAdmin: true,
      passwordHash: adminHash,
      cityId: cityIds[0] ?? null,
    },
    ...DEMO_PEOPLE.map((name, index) => ({
      id: demoUserId(index),
      userName: name,
      userEmail: `user${String(index + 1).padStart(2, '0')}@souk.test`,
      roleId: 1,
      userIsSysAdmin: false,
      passwordHash: userHash,
      cityId: cityIds[index % Math.max(cityIds.length, 1)] ?? null,
    })),
  ];
  await db
    .insert(schema.users)
    .values(
      people.map((person, index) => ({
        id: person.id,
        userName: person.userName,
        userEmail: person.userEmail,
        emailVerify: true,
        // One demo seller signs in by phone too (its number proven), e.g. 0500000012 on the phone screen.
        ...(person.id === DEMO_PHONE_USER.id ? { userPhone: DEMO_PHONE_USER.phone, phoneVerify: true } : {}),
        roleId: person.roleId,
        userIsSysAdmin: person.userIsSysAdmin,
        cityId: person.cityId,
        isVerifyBlueMark: index % 4 === 1,
        isVerifiedDealer: index % 5 === 2,
        userAboutMe: '',
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(schema.accounts)
    .values(
      people.map((person) => ({
        id: `${person.id}-credential`,
        accountId: person.id,
        providerId: 'credential',
        userId: person.id,
        password: person.passwordHash,
      })),
    )
    .onConflictDoNothing();
}

/** argon2id (the library's default algorithm and parameters). */
export const hashPassword = (password: string) => hash(password);
