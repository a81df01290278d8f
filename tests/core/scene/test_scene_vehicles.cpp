// Vehicle scenes: the built-in intersection collision and barrier impact run
// through simulate() as approach, collision and run-out to rest.
#include <gtest/gtest.h>

#include <fstream>

#include "scene/Scene.h"
#include "scene/VehicleSceneReader.h"
#include "sim/Simulation.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// s: the approach time is computed once, round-off only.
constexpr double kTimeTol = 1e-12;
// The approach is a constant-speed flight; samples carry the energy to the integrator's accuracy.
constexpr double kApproachEnergyRelTol = 1e-6;

std::string scenePath(const std::string& name) { return std::string(IMPACTLAB_SCENES_DIR) + "/" + name; }

VehicleScene loadVehicleScene(const std::string& name) {
    std::ifstream in(scenePath(name));
    return readVehicleScene(nlohmann::json::parse(in));
}
// Momentum sums of ~1e4 kg m/s: relative round-off.
constexpr double kMomentumRelTol = 1e-9;

TEST(VehicleScene, IntersectionCollisionRunsToRest) {
    const VehicleScene s = loadVehicleScene("vehicles.json");
    ASSERT_EQ(s.bodies.size(), 2u);
    const SimulationRun run = simulate(s);
    ASSERT_EQ(run.impacts.size(), 1u);
    const ImpactEventRecord& e = run.impacts[0];
    EXPECT_NEAR(e.time, s.vehicles.approachTime, kTimeTol);
    EXPECT_EQ(e.result.model, "kudlich-slibar");
    EXPECT_EQ(run.endReason, "at rest");
    // Linear momentum of the two cars is the same just before and after the impact.
    const TwoBodyContact& before = *e.problem.bodies;
    const TwoBodyContact& after = *e.result.bodiesAfter;
    const Vec3 p0 = before.body1.calcLinearMomentum() + before.body2.calcLinearMomentum();
    const Vec3 p1 = after.body1.calcLinearMomentum() + after.body2.calcLinearMomentum();
    EXPECT_LE((p1 - p0).norm(), kMomentumRelTol * p0.norm());
    // Kinetic energy: constant in the approach, dropped by the impact, zero at rest.
    EXPECT_NEAR(run.samples.front().kineticEnergy, e.kineticEnergyBefore, kApproachEnergyRelTol * e.kineticEnergyBefore);
    EXPECT_LT(e.kineticEnergyAfter, e.kineticEnergyBefore);
    EXPECT_LT(run.samples.back().kineticEnergy, 1e-3 * e.kineticEnergyBefore);
    // The run carries the collision's reconstruction quantities: delta-V in
    // inverse proportion to the masses (m1 dV1 = m2 dV2).
    ASSERT_TRUE(run.vehicleCollision.has_value());
    const VehicleCollisionResult& c = *run.vehicleCollision;
    ASSERT_TRUE(c.vehicle2.has_value());
    EXPECT_NEAR(before.body1.mass * c.vehicle1.deltaV, before.body2.mass * c.vehicle2->deltaV,
                kMomentumRelTol * before.body1.mass * c.vehicle1.deltaV);
    // Both cars moved away from the impact before stopping.
    for (int i = 0; i < 2; ++i)
        EXPECT_GT((run.samples.back().bodies[i].position - s.bodies[i].body.position).norm(), 1.0) << i;
}

TEST(VehicleScene, BarrierImpactAndSliders) {
    const VehicleScene s = loadVehicleScene("vehicle-barrier.json");
    const SimulationRun run = simulate(s);
    ASSERT_EQ(run.impacts.size(), 1u);
    EXPECT_EQ(run.impacts[0].otherBody, -1);
    EXPECT_GT(run.impacts[0].result.impulse.z(), 0.0);
    // A faster approach dissipates more energy in the collision.
    const SimulationRun faster = simulate(withParameter(s, "speed", 25.0));
    const auto dissipated = [](const SimulationRun& r) {
        return r.impacts[0].kineticEnergyBefore - r.impacts[0].kineticEnergyAfter;
    };
    EXPECT_GT(dissipated(faster), dissipated(run));
}

TEST(VehicleScene, BadFieldsAreNamed) {
    std::ifstream in(scenePath("vehicles.json"));
    nlohmann::json doc = nlohmann::json::parse(in);
    auto field = [](const nlohmann::json& d) {
        try {
            readVehicleScene(d);
        } catch (const InputError& e) {
            return e.field();
        }
        return std::string("no error");
    };
    nlohmann::json d = doc;
    d["vehicles"][0]["mass"] = -5;
    EXPECT_EQ(field(d), "vehicles[0].mass");
    d = doc;
    d["collision"].erase("impact_point");
    EXPECT_EQ(field(d), "collision.impact_point");
    d = doc;
    d["vehicles"].erase(1);
    EXPECT_EQ(field(d), "vehicles");
    d = doc;
    d["run_out"]["drag_factor"] = 0;
    EXPECT_EQ(field(d), "run_out.drag_factor");
}
}}  // namespace
