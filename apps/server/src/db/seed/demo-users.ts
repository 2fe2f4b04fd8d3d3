import type { Role } from "@aurumwire/shared/roles";

/** The demo accounts of a fresh install (README: SEED_DEMO=false turns them off). */
export const demoUsers: ReadonlyArray<{
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  bio: string;
}> = [
  {
    email: "admin@aurumwire.test",
    password: "AurumAdmin#2024",
    firstName: "Ada",
    lastName: "Aurum",
    role: "admin",
    bio: "Managing editor. Runs the AurumWire newsroom and its desks.",
  },
  {
    email: "editor@aurumwire.test",
    password: "AurumEditor#2024",
    firstName: "Elena",
    lastName: "Marsh",
    role: "editor",
    bio: "Markets editor covering Bitcoin, macro and exchange flows.",
  },
  {
    email: "author@aurumwire.test",
    password: "AurumAuthor#2024",
    firstName: "Arjun",
    lastName: "Patel",
    role: "author",
    bio: "DeFi and Ethereum reporter.",
  },
  {
    email: "reader@aurumwire.test",
    password: "AurumReader#2024",
    firstName: "Riley",
    lastName: "Reader",
    role: "user",
    bio: "",
  },
];

export const demoAdmin = demoUsers[0];
