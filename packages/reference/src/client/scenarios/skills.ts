import { listSkills, loadSkill, SkillVerificationError, skillsClient } from "@mcpkit/skills";
import { type Scenario, ScenarioError, withClient } from "../scenario.js";

/**
 * sep-2640-client-no-prefetch: a host lists the server's skills and stops there. Listing reads no
 * skill file (SEP-2640: hosts must not fetch a skill's files before it is loaded).
 */
export const skillsNoPrefetch: Scenario = (run) =>
  withClient(run, { extensions: [skillsClient()] }, async (client) => {
    const skills = await listSkills(client, {
      onInvalid: (_entry, reason) => run.log(`left out an invalid entry: ${reason}`),
    });
    run.log(
      `listed ${skills.length} skill(s): ${skills.map((s) => s.frontmatter.name).join(", ")}; loaded none`,
    );
  });

/**
 * sep-2640-client-verify-{digest,size,frontmatter}: list the skills, load the first (its SKILL.md,
 * verified against the entry), and only if that succeeds read its other files (each verified). A
 * SKILL.md that fails verification is refused: nothing more of that skill is read, and the scenario
 * ends normally, since refusing is what the host must do.
 */
export const skillsVerify: Scenario = (run) =>
  withClient(run, { extensions: [skillsClient()] }, async (client) => {
    const [entry] = await listSkills(client, {
      onInvalid: (_entry, reason) => run.log(`left out an invalid entry: ${reason}`),
    });
    if (!entry) throw new ScenarioError("the server lists no skill");
    try {
      const skill = await loadSkill(client, entry);
      run.log(`loaded ${skill.frontmatter.name}`);
      for (const file of entry.resources === "dynamic" ? [] : entry.resources) {
        if (file.uri === entry.uri) continue;
        const read = await skill.read(file.uri);
        run.log(`read ${read.uri} (${read.bytes.length} bytes, verified)`);
      }
    } catch (error) {
      if (!(error instanceof SkillVerificationError)) throw error;
      run.log(`refused ${error.uri} (${error.reason}): ${error.message}`);
    }
  });
