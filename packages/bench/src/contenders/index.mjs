// Every contender, ours first. Targets compare mcpkit with the better of the two official SDKs.
import * as mcpkit from "./mcpkit/client.mjs";
import * as officialV1 from "./official-v1/client.mjs";
import * as officialV2 from "./official-v2/client.mjs";
import * as raw from "./raw/client.mjs";

export const contenders = [mcpkit, officialV2, officialV1, raw];
export const sdkContenders = [mcpkit, officialV2, officialV1];
