import { exampleContract } from "@mcpkit/framework-contract";

exampleContract("@mcpkit/example-hono");
