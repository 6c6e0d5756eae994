/** The generated hostile-input suite (packages/service-kit/src/testing/hostile.ts) on admin. */
import { randomUUID } from 'node:crypto';
import { DEFAULT_USER_SETTINGS } from '@venue/contracts';
import { describeHostileInput, kitRoutes, startTestService, testKeys } from '@venue/service-kit/testing';
import { adminService } from './app.ts';
import { DEMO_EMAILS } from './demo/seed.ts';
import { call, login } from './testing/harness.ts';

describeHostileInput('admin', async () => {
  await testKeys();
  delete process.env.SEED_DEMO;
  const t = await startTestService(adminService);
  const [owner, owner2, staff, admin] = await Promise.all([
    login(t, DEMO_EMAILS.owner),
    login(t, DEMO_EMAILS.owner2),
    login(t, DEMO_EMAILS.staff),
    login(t, DEMO_EMAILS.superAdmin),
  ]);
  const account = {
    email: DEMO_EMAILS.owner2,
    role: 'hall_owner',
    name: 'Second Owner',
    hallName: 'Riverside Hall',
    contactNumber: '+61 2 9000 0000',
    address: { line1: '1 River Road', line2: 'Unit 2', postcode: '2000', state: 'NSW' },
  };
  // The super admin's edit of owner2 must keep what the demo has, so lenient cases change nothing.
  const stored = await call(t, 'GET', '/api/users', { token: admin.token });
  const current = (stored.body as Array<Record<string, unknown>>).find((u) => u.id === owner2.userId);
  if (current) {
    account.name = String(current.name ?? account.name);
    account.hallName = String(current.hallName ?? account.hallName);
    account.contactNumber = String(current.contactNumber ?? account.contactNumber);
  }
  const superAdminOnly = ['GET /api/users', 'PUT /api/users/:id'];
  // Online bookings as the demo has them, so a lenient case that is accepted changes little.
  const online = (await call(t, 'GET', '/api/settings/online-bookings', { token: owner.token }))
    .body as Record<string, unknown> & { agreement: { text: string; cancellationTerms: string } };
  const kit = kitRoutes(owner.userId);
  return {
    t,
    token: owner.token,
    tenantId: owner.userId,
    table: {
      params: {
        id: staff.userId,
        subUserId: staff.userId,
        userId: owner.userId,
        parentUserId: owner.userId,
        tenantId: owner.userId,
        file: `${randomUUID()}.webp`,
        publicId: 'abcdefghijkm',
        // The customer's door (decision 56): the demo venue's page and a session nobody has.
        slug: 'harbourside-hall',
        sessionId: randomUUID(),
        // a webhook's delivery nobody has (decision 60)
        deliveryId: randomUUID(),
      },
      paramsByRoute: { 'PUT /api/users/:id': { id: owner2.userId } },
      tokenByRoute: Object.fromEntries(superAdminOnly.map((k) => [k, admin.token])),
      bodies: {
        ...kit.bodies,
        // An address nobody has: lenient cases stay failed sign-ins.
        'POST /api/login': { email: 'nobody@demo.local', password: 'not-the-password' },
        'PUT /api/users/settings': DEFAULT_USER_SETTINGS,
        // A wrong current password: no lenient case can change the owner's password.
        'POST /api/users/change-password': {
          currentPassword: 'not-the-password',
          newPassword: 'a-new-password-1',
          confirmPassword: 'a-new-password-1',
        },
        'PUT /api/users/stripe-account': { stripeAccountId: 'acct_1PqRsTuVwXyZ' },
        'PUT /api/users/payment-methods': { stripe: false, bankTransfer: true, cash: true, cheque: true },
        'PUT /api/users/bank-details': {
          accountName: 'Harbourside Hall Pty Ltd',
          bankName: 'Commonwealth Bank',
          bsb: '062-000',
          accountNumber: '12345678',
          referenceNote: 'Booking code',
        },
        'PUT /api/tenant-settings/invoice': {
          defaultDueDays: 14,
          depositPercentage: 25,
          gstRate: 10,
          currency: 'AUD',
          sendInvoiceEmails: true,
          sendPaymentReminders: true,
          reminderDays: [7, 1],
          autoSendInvoices: false,
        },
        'PUT /api/tenant-settings/business': {
          businessName: 'Harbourside Hall',
          businessAddress: '12 Wharf Road, Sydney NSW 2000',
          businessABN: '51 824 753 556',
          businessPhone: '02 9000 0000',
          businessEmail: 'hello@harbourside.example',
        },
        'PUT /api/tenant-settings/terms': {
          paymentTerms: 'Payment due within 14 days.',
          refundPolicy: 'Full refund up to 30 days before.',
          notifyOnPayment: true,
          notifyOnOverdue: false,
        },
        'PUT /api/tenant-settings/availability': {
          setupBufferMinutes: 15,
          packdownBufferMinutes: 15,
          holdExpiryHours: 48,
        },
        'PUT /api/tenant-settings/policies': {
          cancellationPolicy: 'Seven days notice.',
          refundRules: 'Deposit kept.',
          defaultBondCents: 50000,
          termsAndConditions: 'Be kind to the floor.',
        },
        'PUT /api/tenant-settings/privacy': { retentionMonths: 84 },
        'POST /api/tenant-settings/privacy/erase-customer': { email: 'gone@example.com' },
        'PUT /api/users/sub-users/:userId': {
          name: 'Staff Member',
          email: DEMO_EMAILS.staff,
          permissions: ['bookings', 'calendar'],
          status: 'active',
        },
        'PUT /api/users/change-sub-user-password': {
          subUserId: staff.userId,
          newPassword: 'a-new-password-2',
        },
        'POST /api/users': {
          name: 'New Helper',
          email: 'helper@demo.local',
          password: 'helper-password-1',
          role: 'sub_user',
          permissions: ['bookings'],
          status: 'active',
        },
        'PUT /api/users/:id': account,
        'POST /api/integrations/api-keys': {
          name: 'Hostile probe',
          permissions: ['bookings'],
          expiresInDays: 30,
        },
        'PUT /api/settings/online-bookings': {
          ...online,
          resourceIds: [randomUUID()],
          agreement: { text: online.agreement.text, cancellationTerms: online.agreement.cancellationTerms },
        },
        'POST /api/public/venues/:slug/portal-link': { email: 'hostile-visitor@example.test' },
        // a link nobody was sent: refused, and nothing spent
        'POST /api/portal/session': { token: 'a'.repeat(43) },
        // the SHA-256 of a key nobody has: the check answers "unknown" and writes nothing
        'POST /internal/api-keys/:publicId/verify': { hash: 'a'.repeat(64) },
        // A public address literal, so the save needs no DNS (decision 60)
        'POST /api/integrations/webhooks': {
          url: 'https://93.184.216.34/hostile',
          events: ['booking.created'],
        },
        'PATCH /api/integrations/webhooks/:id': { description: 'Hostile probe', status: 'active' },
      },
      noBody: [
        'POST /api/auth/refresh',
        'POST /api/logout',
        'POST /api/auth/logout',
        'POST /api/users/log-password-change',
        // the portal's refresh cookie names the session; there is no body
        'POST /api/portal/session/refresh',
        // multipart/form-data: the picture is a file, not JSON
        'POST /api/users/upload-profile-picture',
        // webhooks (decision 60): rotate, test and send again name their webhook in the path only
        'POST /api/integrations/webhooks/:id/rotate-secret',
        'POST /api/integrations/webhooks/:id/test',
        'POST /api/integrations/webhooks/:id/deliveries/:deliveryId/resend',
      ],
      lenient: {
        ...kit.lenient,
        // Sign-in answers the spec's own codes for anything that is not an e-mail and a password
        // (services/admin/src/auth/**); the kit still refuses NUL, surrogates and length there.
        'POST /api/login': ['email', 'password'],
      },
      queries: {
        'GET /api/audit': [
          'page',
          'limit',
          'startDate',
          'endDate',
          'action',
          'targetType',
          'userId',
          'userRole',
          'sortBy',
          'sortOrder',
        ],
        'GET /api/audit/stats': ['startDate', 'endDate'],
        'GET /api/audit/export.csv': ['startDate', 'endDate', 'action', 'targetType', 'userId', 'userRole'],
      },
      // Sign-in bookkeeping: each failed sign-in of the lenient login cases is recorded.
      volatileTables: ['login_attempts'],
    },
  };
});
