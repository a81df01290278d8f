#include "sim/RunChannels.h"

namespace impactlab {

const RunChannel* SimulationRun::findChannel(const std::string& name) const {
    for (const RunChannel& c : channels)
        if (c.name == name) return &c;
    return nullptr;
}

RunChannel& addChannel(SimulationRun& run, const std::string& name, const std::string& unit) {
    run.channels.push_back({name, unit, {}});
    run.channels.back().values.reserve(run.samples.size());
    return run.channels.back();
}

void addSpatialChannels(const Scene& scene, SimulationRun& run) {
    struct Quantity {
        const char* name;
        const char* unit;
        double (*get)(const BodyState&);
    };
    static const Quantity quantities[] = {
        {"x", "m", [](const BodyState& s) { return s.position.x(); }},
        {"y", "m", [](const BodyState& s) { return s.position.y(); }},
        {"z", "m", [](const BodyState& s) { return s.position.z(); }},
        {"qw", "1", [](const BodyState& s) { return s.orientation.w(); }},
        {"qx", "1", [](const BodyState& s) { return s.orientation.x(); }},
        {"qy", "1", [](const BodyState& s) { return s.orientation.y(); }},
        {"qz", "1", [](const BodyState& s) { return s.orientation.z(); }},
        {"vx", "m/s", [](const BodyState& s) { return s.velocity.x(); }},
        {"vy", "m/s", [](const BodyState& s) { return s.velocity.y(); }},
        {"vz", "m/s", [](const BodyState& s) { return s.velocity.z(); }},
        {"wx", "rad/s", [](const BodyState& s) { return s.angularVelocity.x(); }},
        {"wy", "rad/s", [](const BodyState& s) { return s.angularVelocity.y(); }},
        {"wz", "rad/s", [](const BodyState& s) { return s.angularVelocity.z(); }},
    };
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        for (const Quantity& q : quantities) {
            RunChannel& c = addChannel(run, scene.bodies[i].name + "." + q.name, q.unit);
            for (const RunSample& s : run.samples) c.values.push_back(q.get(s.bodies[i]));
        }
    }
    RunChannel& kinetic = addChannel(run, "kinetic_energy", "J");
    for (const RunSample& s : run.samples) kinetic.values.push_back(s.kineticEnergy);
    RunChannel& potential = addChannel(run, "potential_energy", "J");
    for (const RunSample& s : run.samples) potential.values.push_back(s.potentialEnergy);
    RunChannel& total = addChannel(run, "energy", "J");
    for (const RunSample& s : run.samples) total.values.push_back(s.kineticEnergy + s.potentialEnergy);
}

}  // namespace impactlab
