import { describe, expect, it } from 'vitest';
import { findCertificate, issueCertificate } from '~/features/certificates/certificates.server';
import { admin, insertUser } from '../../../tests/support/factories';
import { useTestDatabase } from '../../../tests/support/test-database';
import { newCertificateCredentialColumns } from './certificate-status.server';
import { STATUS_LIST_MIN_BITS } from './status-list.server';
import { accepted } from '../../../tests/support/accepted';

const database = useTestDatabase();

async function issueTo(email: string) {
  const student = await insertUser(database.db, { email });
  const issued = await issueCertificate(database.db, {
    userId: student.id,
    name: 'Position Test',
    note: 'position test',
    admin,
  });
  return accepted(issued).certificate;
}

describe('a certificate’s position in the revocation list', () => {
  it('is drawn at random: certificates issued one after another are neither consecutive nor in order, and never share one', async () => {
    const positions: number[] = [];
    for (let n = 1; n <= 12; n += 1) {
      positions.push((await issueTo(`position${n}@example.com`)).status_index!);
    }
    expect(new Set(positions).size).toBe(positions.length);
    for (const position of positions) {
      expect(Number.isInteger(position)).toBe(true);
      expect(position).toBeGreaterThanOrEqual(0);
      expect(position).toBeLessThan(STATUS_LIST_MIN_BITS);
    }
    const ascending = [...positions].sort((a, b) => a - b);
    expect(positions).not.toEqual(ascending);
    const steps = positions.slice(1).map((position, index) => position - positions[index]!);
    expect(steps.every((step) => step === 1)).toBe(false);
  });

  it('draws again when the position drawn is taken, and a certificate keeps the one it has', async () => {
    const existing = await issueTo('kept@example.com');
    // A certificate issued before positions were drawn: its position stays what it was.
    await database.db
      .updateTable('certificates')
      .set({ status_index: 0 })
      .where('id', '=', existing.id)
      .execute();
    const draws = [0, 0, 4242];
    const drawn: number[] = [];
    const columns = await database.db.transaction().execute((trx) =>
      newCertificateCredentialColumns(trx, (size) => {
        drawn.push(size);
        return draws.shift()!;
      }),
    );
    expect(columns.status_index).toBe(4242);
    expect(drawn).toEqual([STATUS_LIST_MIN_BITS, STATUS_LIST_MIN_BITS, STATUS_LIST_MIN_BITS]);
    expect((await findCertificate(database.db, existing.id))?.status_index).toBe(0);
  });
});
