// Bad reconstruction blocks: each refused with one
// InputError naming the field, never a crash, a hang or NaN.
#include <gtest/gtest.h>

#include "reconstruction/Reconstruction.h"
#include "scene/VehicleSceneReader.h"
#include "support/RefusalSupport.h"
#include "support/SceneTestSupport.h"

using namespace impactlab;

namespace { namespace IMPACTLAB_UNITY_ID {

// One unknown and one observation: the fit is exact to Ceres' tolerances.
constexpr double kExactFitTol = 1e-6;

nlohmann::json makeRicsacDocument() { return test::loadSceneDocument("reconstruction-ricsac-06.json"); }

std::string refusalOf(const nlohmann::json& doc) {
    return test::getRefusalOf([&] { readReconstructionSpec(readVehicleScene(doc)); });
}

TEST(ReconstructionInput, TheBuiltInBlocksAreAccepted) {
    for (const char* name : {"reconstruction-ricsac-06.json", "reconstruction-intersection.json"}) {
        const nlohmann::json doc = test::loadSceneDocument(name);
        EXPECT_EQ(refusalOf(doc), "no error") << name;
    }
}

TEST(ReconstructionInput, ASigmaNotAbove0IsRefusedNamingIt) {
    nlohmann::json doc = makeRicsacDocument();
    doc["reconstruction"]["evidence"][3]["sigma"] = 0;
    EXPECT_EQ(refusalOf(doc), "reconstruction.evidence[3].sigma: must be > 0, got 0");
    doc["reconstruction"]["evidence"][3]["sigma"] = -0.5;
    EXPECT_EQ(refusalOf(doc), "reconstruction.evidence[3].sigma: must be > 0, got -0.5");
    doc["reconstruction"]["evidence"][3]["sigma"] = 1e-12;
    EXPECT_EQ(refusalOf(doc), "reconstruction.evidence[3].sigma: must be >= 1e-09, got 1e-12");
    doc = makeRicsacDocument();
    doc["reconstruction"]["uncertain"][1]["sigma"] = 0;
    EXPECT_EQ(refusalOf(doc), "reconstruction.uncertain[1].sigma: must be > 0, got 0");
}

TEST(ReconstructionInput, EachMistakeNamesItsField) {
    struct Case {
        const char* pointer;
        nlohmann::json value;
        const char* field;
    };
    const Case cases[] = {
        {"/reconstruction/unknowns/2/target", "/vehicles/0/spead", "reconstruction.unknowns[2].target"},
        {"/reconstruction/unknowns/2/target", "/name", "reconstruction.unknowns[2].target"},
        {"/reconstruction/unknowns/2/target", "/vehicles/0/color", "reconstruction.unknowns[2].target"},
        {"/reconstruction/unknowns/2/target", "/vehicles/2/speed", "reconstruction.unknowns[2].target"},
        {"/reconstruction/unknowns/2/target", "no pointer", "reconstruction.unknowns[2].target"},
        {"/reconstruction/unknowns/0/max", -5.0, "reconstruction.unknowns[0].max"},
        {"/reconstruction/unknowns/0/min", 12.0, "reconstruction.unknowns[0]"},
        {"/reconstruction/unknowns/1/target", "/vehicles/0/speed", "reconstruction.unknowns[1].target"},
        {"/reconstruction/evidence/1/quantity", "speed_at_impact", "reconstruction.evidence[1].quantity"},
        {"/reconstruction/evidence/1/vehicle", 2, "reconstruction.evidence[1].vehicle"},
        {"/reconstruction/evidence/1/vehicle", -1, "reconstruction.evidence[1].vehicle"},
        {"/reconstruction/evidence/0/value", 3.0, "reconstruction.evidence[0].value"},
        {"/reconstruction/evidence/1/value", nlohmann::json::array({1, 2}), "reconstruction.evidence[1].value"},
        {"/reconstruction/evidence", nlohmann::json::array(), "reconstruction.evidence"},
        {"/reconstruction/unknowns", nlohmann::json::array(), "reconstruction.unknowns"},
        {"/reconstruction/uncertain/0/target", "/vehicles/0/speed", "reconstruction.uncertain[0].target"},
        {"/reconstruction/uncertain/0/min", 1.0, "reconstruction.uncertain[0]"},
        {"/reconstruction/samples", -3, "reconstruction.samples"},
        {"/reconstruction/samples", 200000, "reconstruction.samples"},
        {"/reconstruction/seed", 1.5, "reconstruction.seed"},
        {"/reconstruction/speed", 3, "reconstruction.speed"},
    };
    for (const Case& c : cases) {
        nlohmann::json doc = makeRicsacDocument();
        doc[nlohmann::json::json_pointer(c.pointer)] = c.value;
        EXPECT_EQ(test::getFieldOf([&] { readReconstructionSpec(readVehicleScene(doc)); }), c.field)
            << c.pointer << " = " << c.value.dump() << ": " << refusalOf(doc);
    }
}

TEST(ReconstructionInput, MoreUnknownsThanObservationsIsRefused) {
    nlohmann::json doc = makeRicsacDocument();
    doc["reconstruction"]["evidence"] = {{{"quantity", "delta_v"}, {"vehicle", 0}, {"value", 4.1}, {"sigma", 0.4}}};
    EXPECT_EQ(refusalOf(doc),
              "reconstruction.unknowns: 6 unknowns but only 1 scalar observations: add evidence or fix some unknowns");
}

TEST(ReconstructionInput, ASceneWithoutABlockIsRefusedNamingIt) {
    const nlohmann::json doc = test::loadSceneDocument("vehicles.json");
    EXPECT_EQ(test::getFieldOf([&] { readReconstructionSpec(readVehicleScene(doc)); }), "reconstruction");
}

TEST(ReconstructionInput, BarrierScenesHaveOneVehicle) {
    nlohmann::json doc = test::loadSceneDocument("vehicle-barrier.json");
    doc["reconstruction"] = {{"unknowns", {{{"target", "/vehicles/0/speed"}, {"min", 0}, {"max", 40}}}},
                             {"evidence", {{{"quantity", "delta_v"}, {"vehicle", 1}, {"value", 10}, {"sigma", 1}}}}};
    EXPECT_EQ(test::getFieldOf([&] { readReconstructionSpec(readVehicleScene(doc)); }), "reconstruction.evidence[0].vehicle");
    doc["reconstruction"]["evidence"][0]["vehicle"] = 0;
    EXPECT_EQ(refusalOf(doc), "no error");
    const VehicleScene scene = readVehicleScene(doc);
    ReconstructionOptions options;
    options.samples = 0;
    const ReconstructionResult r = reconstruct(scene, readReconstructionSpec(scene), options);
    EXPECT_EQ(r.status, "converged");
    EXPECT_EQ(r.derived.size(), 1u);
    EXPECT_NEAR(r.evidence[0].predicted[0], 10.0, kExactFitTol);
}

}}  // namespace
