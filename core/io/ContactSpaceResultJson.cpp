#include "io/ContactSpaceJson.h"
#include "io/ResultJson.h"

namespace impactlab {

using nlohmann::ordered_json;

ordered_json contactSpaceResultToJson(const ContactSpaceProblem& problem, const ContactSpaceResult& result,
                                      const ContactSpaceTrace* traceOrNull) {
    ordered_json j;
    j["format"] = kResultFormat;
    j["model"] = result.model;
    j["status"] = toString(result.status);
    j["rounds"] = result.rounds;
    j["intervals"] = result.intervals;
    j["energy_before"] = result.energyBefore;
    j["energy_after"] = result.energyAfter;

    ordered_json contacts = ordered_json::array();
    for (int k = 0; k < result.getContactCount(); ++k) {
        ordered_json c;
        if (!problem.contacts[k].name.empty()) c["name"] = problem.contacts[k].name;
        c["impulse"] = vectorToJson(result.getImpulse(k));
        c["v_plus"] = vectorToJson(result.getVelocityAfter(k));
        if (problem.bodies) {
            const ContactFrame& f = problem.bodies->contacts[k].frame;
            c["impulse_world"] = vectorToJson(f.toWorld(result.getImpulse(k)));
            c["v_plus_world"] = vectorToJson(f.toWorld(result.getVelocityAfter(k)));
            c["frame"] = {{"t1", vectorToJson(f.t1())}, {"t2", vectorToJson(f.t2())}, {"n", vectorToJson(f.n())}};
        }
        contacts.push_back(std::move(c));
    }
    j["contacts"] = std::move(contacts);

    ordered_json events = ordered_json::array();
    for (const ContactEvent& e : result.events) {
        ordered_json ev;
        ev["kind"] = toString(e.kind);
        ev["contact"] = e.contact;
        ev["round"] = e.round;
        ev["interval"] = e.interval;
        events.push_back(std::move(ev));
    }
    j["events"] = std::move(events);

    if (result.bodiesAfter) {
        ordered_json bodies = ordered_json::array();
        for (const RigidBody& b : *result.bodiesAfter) {
            if (b.fixed) {
                bodies.push_back({{"fixed", true}});
                continue;
            }
            ordered_json o;
            o["velocity"] = vectorToJson(b.velocity);
            o["angular_velocity"] = vectorToJson(b.angularVelocity);
            bodies.push_back(std::move(o));
        }
        j["bodies"] = std::move(bodies);
    }
    j["warnings"] = result.warnings;

    if (traceOrNull) {
        ordered_json samples = ordered_json::array();
        for (const ContactSpaceSample& s : traceOrNull->samples) {
            ordered_json o;
            o["round"] = s.round;
            o["interval"] = s.interval;
            o["alpha"] = s.alpha;
            o["energy"] = s.energy;
            ordered_json cs = ordered_json::array();
            for (const ContactSample& c : s.contacts)
                cs.push_back({{"impulse", vectorToJson(c.impulse)}, {"velocity", vectorToJson(c.velocity)},
                              {"phase", toString(c.phase)}, {"slip", toString(c.slip)}, {"active", c.active}});
            o["contacts"] = std::move(cs);
            samples.push_back(std::move(o));
        }
        j["trace"] = std::move(samples);
    }
    return j;
}

}  // namespace impactlab
