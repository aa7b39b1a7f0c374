/**
 * The keys that sign certificates' credentials (issue 31, decision 051):
 *   npm run credentials -- rotate-key     retire the generated key, make a new one
 *   npm run credentials -- generate-key   print a new private key for CREDENTIAL_SIGNING_KEY
 *   npm run credentials -- keys           list every key ever used (public parts)
 * It uses DATABASE_URL like the server, so it works on SQLite and PostgreSQL alike.
 */
import { newKeyPair, rotateSigningKey } from '~/features/credentials/signing-keys.server';
import { parseEnv } from '~/lib/env.server';
import { runCommand, UsageError, withDatabase } from './command-line';

const USAGE = `Usage:
  npm run credentials -- rotate-key
  npm run credentials -- generate-key
  npm run credentials -- keys`;

async function main(args: string[]): Promise<void> {
  const [command] = args;
  if (command === 'generate-key') {
    // Printed for the operator to put in the secret store; never stored or logged here.
    const { privateJwk } = await newKeyPair();
    console.log(
      JSON.stringify({
        kty: privateJwk.kty,
        crv: privateJwk.crv,
        x: privateJwk.x,
        d: privateJwk.d,
      }),
    );
    return;
  }
  if (command !== 'rotate-key' && command !== 'keys') throw new UsageError(USAGE);
  const env = parseEnv();
  await withDatabase(env.DATABASE_URL, async (database) => {
    if (command === 'keys') {
      const keys = await database.db
        .selectFrom('credential_keys')
        .select(['kid', 'private_jwk', 'active', 'created_at', 'retired_at'])
        .orderBy('created_at')
        .execute();
      for (const key of keys) {
        const kind = key.private_jwk === null ? 'environment' : 'generated';
        const state =
          key.active === 1 ? 'active' : key.retired_at ? `retired ${key.retired_at}` : '';
        console.log([key.kid, kind, key.created_at, state].join('\t'));
      }
      return;
    }
    const outcome = await rotateSigningKey(database.db);
    if (!outcome.rotated) {
      console.log(
        `CREDENTIAL_SIGNING_KEY is set: its key (${outcome.active}) signs. To rotate, set the variable to a new key (npm run credentials -- generate-key) and restart; the old public key stays published because it is recorded.`,
      );
      return;
    }
    console.log(
      `${outcome.retired ? `Retired ${outcome.retired}; ` : ''}new signing key ${outcome.active}. Credentials signed before still verify: every key stays published.`,
    );
  });
}

runCommand(() => main(process.argv.slice(2)));
