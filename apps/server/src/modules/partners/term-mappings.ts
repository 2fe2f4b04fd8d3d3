import type { TermMappingList } from "@aurumwire/shared/partner-terms";
import { notFound } from "../../errors";
import type { Actor, Connections } from "./connections";
import type { PartnersRepository } from "./repository";

type Taxonomy = "categories" | "tags";

/**
 * Term mappings per connection (decision 175): the WordPress adapter's remembered term ids
 * (`wp-categories`, `wp-tags` in partner_remote_refs, keyed by our slug), which editors may
 * correct or clear. Every change is in the partner audit log.
 */
export function createTermMappings(deps: {
  repository: PartnersRepository;
  connections: Connections;
}) {
  const { repository: repo, connections } = deps;
  const kindOf = (taxonomy: Taxonomy) => `wp-${taxonomy}`;

  async function list(partnerId: number): Promise<TermMappingList> {
    const partner = await connections.requirePartner(partnerId);
    const head = { id: partner.id, name: partner.name, kind: partner.kind };
    if (partner.kind !== "wordpress") {
      return {
        partner: head,
        supported: false,
        message:
          partner.kind === "ghost"
            ? "Ghost makes its tags by name: our category goes as the primary tag and our tags as they are named here. There is nothing to map."
            : "The webhook receives our category and tags as they are. There is nothing to map.",
        mappings: [],
      };
    }
    const rows = await repo.listRefs(partner.id, [kindOf("categories"), kindOf("tags")]);
    return {
      partner: head,
      supported: true,
      message:
        "Our categories and tags (by slug) and the WordPress term each becomes on this partner. A term is looked up or made on the first send; change its id to use another of the partner's terms, or clear it to look it up again.",
      mappings: rows.map((row) => ({
        taxonomy: row.kind === "wp-categories" ? "categories" : "tags",
        slug: row.key,
        remoteId: row.remoteId,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  }

  async function wordpress(partnerId: number) {
    const partner = await connections.requirePartner(partnerId);
    if (partner.kind !== "wordpress") {
      throw notFound(
        `${partner.name} is not a WordPress connection; only WordPress terms are mapped.`,
        "terms_not_supported",
      );
    }
    return partner;
  }

  return {
    list,

    async set(
      actor: Actor,
      partnerId: number,
      input: { taxonomy: Taxonomy; slug: string; remoteId: number },
    ) {
      const partner = await wordpress(partnerId);
      await repo.saveRef(partner.id, kindOf(input.taxonomy), input.slug, {
        remoteId: String(input.remoteId),
        remoteUrl: null,
      });
      await repo.audit({
        partnerId: partner.id,
        userId: actor.id,
        action: "terms.mapped",
        detail: { ...input },
      });
      return list(partner.id);
    },

    async remove(actor: Actor, partnerId: number, taxonomy: Taxonomy, slug: string) {
      const partner = await wordpress(partnerId);
      if (!(await repo.deleteRef(partner.id, kindOf(taxonomy), slug))) {
        throw notFound(
          `No ${taxonomy === "tags" ? "tag" : "category"} "${slug}" is mapped.`,
          "term_not_mapped",
        );
      }
      await repo.audit({
        partnerId: partner.id,
        userId: actor.id,
        action: "terms.cleared",
        detail: { taxonomy, slug },
      });
      return list(partner.id);
    },
  };
}
