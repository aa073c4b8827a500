/**
 * The shop's own settings for the client-side features (decision 020): warranty days, ageing limits per
 * status and the WhatsApp templates. Kept in the `settings` table as JSON under one key each; a key never
 * written reads as its default, so a fresh shop works without visiting Configurações.
 */
import {
  type AgeingLimits,
  DEFAULT_AGEING_LIMITS,
  DEFAULT_TEMPLATES,
  DEFAULT_WARRANTY_DAYS,
  type Templates,
} from '../../domain/client-view.ts';
import { recordAudit } from '../audit/repository.ts';
import type { AccessClaims } from '../auth/tokens.ts';
import type { Db } from '../db/connect.ts';
import { readSetting, writeSetting } from '../settings.ts';
import type { ShopSettingsInput } from './schema.ts';

export type ShopSettings = {
  warranty_days: number;
  ageing_limits: AgeingLimits;
  whatsapp_templates: Templates;
};

const KEYS = {
  warranty_days: 'shop_warranty_days',
  ageing_limits: 'shop_ageing_limits',
  whatsapp_templates: 'shop_whatsapp_templates',
} as const;

function parsed<T>(text: string | undefined, fallback: T): T {
  if (text === undefined) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Limits per kind, each kind's statuses merged over the base (a partial save keeps the rest). */
function mergedLimits(
  base: AgeingLimits,
  over: Partial<Record<keyof AgeingLimits, Record<string, number> | undefined>>,
) {
  const merged = { ...base };
  for (const kind of Object.keys(merged) as (keyof AgeingLimits)[]) {
    merged[kind] = { ...base[kind], ...over[kind] };
  }
  return merged;
}

export async function readShopSettings(db: Db): Promise<ShopSettings> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', Object.values(KEYS))
    .execute();
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  return {
    warranty_days: parsed(value(KEYS.warranty_days), DEFAULT_WARRANTY_DAYS),
    ageing_limits: mergedLimits(DEFAULT_AGEING_LIMITS, parsed(value(KEYS.ageing_limits), {})),
    whatsapp_templates: { ...DEFAULT_TEMPLATES, ...parsed(value(KEYS.whatsapp_templates), {}) },
  };
}

export async function warrantyDays(db: Db): Promise<number> {
  return parsed(await readSetting(db, KEYS.warranty_days), DEFAULT_WARRANTY_DAYS);
}

/** Writes the parts given (manager only, checked by the route) and audits before and after. */
export async function writeShopSettings(
  db: Db,
  actor: AccessClaims,
  input: ShopSettingsInput,
): Promise<ShopSettings> {
  return db.transaction().execute(async (trx) => {
    const before = await readShopSettings(trx);
    if (input.warranty_days !== undefined) {
      await writeSetting(trx, KEYS.warranty_days, JSON.stringify(input.warranty_days));
    }
    if (input.ageing_limits !== undefined) {
      await writeSetting(
        trx,
        KEYS.ageing_limits,
        JSON.stringify({ ...before.ageing_limits, ...input.ageing_limits }),
      );
    }
    if (input.whatsapp_templates !== undefined) {
      const templates = { ...before.whatsapp_templates, ...input.whatsapp_templates };
      await writeSetting(trx, KEYS.whatsapp_templates, JSON.stringify(templates));
    }
    const after = await readShopSettings(trx);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'update',
      entity: 'shop_settings',
      entityId: null,
      before,
      after,
    });
    return after;
  });
}
