import type { PackageResponse } from "@alloggio/domain/contract/packages/package";
import { pickText } from "@alloggio/domain/i18n/languages";
import { isoToYmd } from "@alloggio/domain/stay-dates/stay-dates";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { LocalizedText } from "../../db/schema";
import { notFound } from "../../http/errors";

type PackageRow = {
  id: number;
  code: string;
  kind: "package" | "offer";
  name: LocalizedText;
  description: LocalizedText;
  image: string | null;
  valid_from: string;
  valid_to: string;
  min_nights: number;
  max_nights: number | null;
  min_adults: number;
  max_adults: number | null;
  rate_plan_ids: number[];
  room_type_ids: number[];
  included: { id: number; name: LocalizedText }[];
  airports: PackageResponse["packages"][number]["airports"];
};

/** `package.do`: the packages and special offers of a hotel on a channel, or one of them. */
export async function listPackages(
  database: Database,
  q: { channel: number; hotel: number; language: number; package?: number | undefined },
): Promise<PackageResponse> {
  const rows = await database.query<{ known: boolean; packages: PackageRow[] }>(sql`
    select exists (select 1 from hotel_channel where hotel_id = ${q.hotel} and channel_id = ${q.channel}) as known,
      (select coalesce(json_agg(json_build_object('id', p.id, 'code', p.code, 'kind', p.kind, 'name', p.name,
         'description', p.description, 'image', p.image, 'valid_from', p.valid_from, 'valid_to', p.valid_to,
         'min_nights', p.min_nights, 'max_nights', p.max_nights, 'min_adults', p.min_adults,
         'max_adults', p.max_adults, 'rate_plan_ids', p.rate_plan_ids, 'room_type_ids', p.room_type_ids,
         'airports', p.airports,
         'included', (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) order by s.id), '[]')
                      from service s where s.id = any(p.included_service_ids)))
         order by p.id), '[]')
       from package p
       where p.hotel_id = ${q.hotel} and (cardinality(p.channel_ids) = 0 or ${q.channel} = any(p.channel_ids))
         and (${q.package ?? null}::int is null or p.id = ${q.package ?? null}::int)) as packages`);
  const row = rows[0];
  if (!row?.known) throw notFound("hotel", "hotel non valido: unknown hotel or channel");
  if (q.package && row.packages.length === 0) throw notFound("package", "unknown package");
  return {
    packages: row.packages.map((p) => ({
      id: p.id,
      code: p.code,
      kind: p.kind,
      name: pickText(p.name, q.language),
      description: pickText(p.description, q.language),
      image: p.image,
      validFrom: isoToYmd(p.valid_from),
      validTo: isoToYmd(p.valid_to),
      minNights: p.min_nights,
      maxNights: p.max_nights,
      minAdults: p.min_adults,
      maxAdults: p.max_adults,
      rateIds: p.rate_plan_ids,
      roomIds: p.room_type_ids,
      includedServices: p.included.map((s) => ({ id: s.id, name: pickText(s.name, q.language) })),
      airports: p.airports,
    })),
  };
}
