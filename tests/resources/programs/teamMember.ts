// One team member, invited by the program: its invitation URL must come back as a secret output.
import * as observability from "../../../sdk";

new observability.TeamMember("ana", { email: "Ana@Example.com", name: "Ana" });
