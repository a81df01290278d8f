// The laws held against measurement (sim/MeasurementSweep.h,
// diagram/MeasurementFigures.h,
// scene/DerivedQuantities.h): the derived quantities are the textbook values
// where a rigid law has them in closed form, the residual table is the RMS of
// the residuals at the measured points, and on Kharaz, Gorham & Salman's
// oblique impacts (scenes/experiment-kharaz-2001.json) the tangential-
// compliance law follows the measurements where the rigid laws cannot.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "diagram/DisplayNames.h"
#include "diagram/MeasurementFigures.h"
#include "io/JsonInput.h"
#include "scene/DerivedQuantities.h"
#include "support/RefusalSupport.h"
#include "support/SceneTestSupport.h"

namespace impactlab {
namespace { namespace IMPACTLAB_UNITY_ID {

using nlohmann::json;

constexpr double kPi = 3.14159265358979323846;
constexpr double kDeg = kPi / 180.0;
// Closed-form rigid values hold to the laws' own accuracy.
constexpr double kRigidTol = 1e-9;

ImpactScene loadKharaz() { return parseImpactScene(test::loadSceneDocument("experiment-kharaz-2001.json")); }

// The scene's sweep at the measured angles only (all a residual needs: a
// fraction of the grid's cost, which counts under the sanitizers), or with
// the grid the views draw.
MeasurementSweep runKharazSweep(int gridPoints) {
    const ImpactScene scene = loadKharaz();
    return runMeasurementSweep(scene, scene.measurements, "incidence", {},
                               gridPoints);
}
const MeasurementSweep& getKharazSweep() {
    static const MeasurementSweep sweep = runKharazSweep(0);
    return sweep;
}

std::size_t findLaw(const MeasurementSweep& sweep, const std::string& id) {
    for (std::size_t k = 0; k < sweep.laws.size(); ++k)
        if (sweep.laws[k].id == id) return k;
    ADD_FAILURE() << "no law " << id << " in the sweep";
    return 0;
}

const MeasurementSeries& findSeries(const MeasurementSweep& sweep, const std::string& quantity) {
    for (const MeasurementSeries& m : sweep.measurements)
        if (m.yQuantity == quantity) return m;
    throw std::runtime_error("no series of " + quantity);
}

// The Kharaz scene at angle theta with law `law` (friction and restitution as given).
ImpactScene makeSphereAt(double theta, const std::string& law, double mu, double e) {
    json doc = test::loadSceneDocument("experiment-kharaz-2001.json");
    doc["contact"]["normal_tilt"] = theta;
    doc["contact"]["law"] = law;
    doc["contact"]["friction"] = mu;
    doc["contact"]["restitution"] = e;
    return parseImpactScene(doc);
}

double evaluate(const std::string& quantity, const ImpactScene& scene) {
    const std::vector<ComparedLaw> solved = compareLaws(scene.problem, listSceneLaws(scene), false);
    EXPECT_TRUE(solved.front().accepted) << solved.front().refusal;
    const std::optional<double> v = evaluateDerivedQuantity(quantity, scene, solved.front().result);
    EXPECT_TRUE(v.has_value()) << quantity;
    return v.value_or(0.0);
}

TEST(DerivedQuantities, RigidSphereGivesTheTextbookValuesInEveryRegime) {
    const double e = 0.9, theta = 50.0 * kDeg, R = 0.0025, v = 3.9;
    // Frictionless: the tangential velocity stays, the normal one is -e of its approach.
    const ImpactScene frictionless = makeSphereAt(theta, "newton", 0.0, e);
    EXPECT_NEAR(evaluate("tangential_restitution", frictionless), 1.0, kRigidTol);
    EXPECT_NEAR(evaluate("rebound_angle", frictionless), std::atan(std::tan(theta) / e), kRigidTol);
    EXPECT_NEAR(evaluate("spin", frictionless), 0.0, kRigidTol);
    // Sliding throughout (tan theta > 3.5 mu (1 + e)): e_t = 1 - mu (1 + e) / tan theta.
    const double mu = 0.1;
    for (const std::string law : {"newton", "poisson", "stronge"}) {
        const ImpactScene sliding = makeSphereAt(theta, law, mu, e);
        EXPECT_NEAR(evaluate("tangential_restitution", sliding), 1.0 - mu * (1.0 + e) / std::tan(theta), kRigidTol) << law;
        // The friction impulse mu (1 + e) m v cos(theta) spins it: omega = 5 mu (1 + e) v cos(theta) / (2 R).
        EXPECT_NEAR(evaluate("spin", sliding), 2.5 * mu * (1.0 + e) * v * std::cos(theta) / R, 1e-6) << law;
    }
    // Sticking (tan theta < 3.5 mu (1 + e)): e_t = 5/7 and the patch leaves at rest tangentially.
    const ImpactScene sticking = makeSphereAt(10.0 * kDeg, "stronge", 0.5, e);
    EXPECT_NEAR(evaluate("tangential_restitution", sticking), 5.0 / 7.0, kRigidTol);
    EXPECT_NEAR(evaluate("contact_rebound_angle", sticking), 0.0, kRigidTol);
    EXPECT_NEAR(evaluate("spin", sticking), 5.0 / 7.0 * v * std::sin(10.0 * kDeg) / R, 1e-6);
}

TEST(DerivedQuantities, HeadOnImpactHasNoTangentialDirection) {
    const ImpactScene headOn = makeSphereAt(0.0, "stronge", 0.3, 0.9);
    const std::vector<ComparedLaw> solved = compareLaws(headOn.problem, listSceneLaws(headOn), false);
    EXPECT_FALSE(evaluateDerivedQuantity("tangential_restitution", headOn, solved.front().result).has_value());
    EXPECT_FALSE(evaluateDerivedQuantity("rebound_angle", headOn, solved.front().result).has_value());
    EXPECT_NEAR(evaluateDerivedQuantity("spin", headOn, solved.front().result).value(), 0.0, kRigidTol);
    EXPECT_EQ(test::getRefusalOf([&] { evaluateDerivedQuantity("e_t", headOn, solved.front().result); }),
              "quantity: no derived quantity 'e_t'");
}

TEST(MeasurementSweep, TangentialComplianceFollowsKharazWhereRigidLawsCannot) {
    const MeasurementSweep& sweep = getKharazSweep();
    EXPECT_TRUE(sweep.warnings.empty()) << sweep.warnings.front();
    const std::size_t tc = findLaw(sweep, "tangential-compliance");
    const MeasurementSeries& et = findSeries(sweep, "tangential_restitution");
    for (const MeasuredPoint& m : et.points) {
        const double model = sweep.valueAt(tc, "tangential_restitution", m.x).value();
        if (m.x >= 9.0 * kDeg) { EXPECT_NEAR(model, m.y, 0.05) << m.x / kDeg << " deg"; }
        if (m.x >= 20.0 * kDeg) { EXPECT_NEAR(model, m.y, 0.02) << m.x / kDeg << " deg"; }
        for (const std::string rigid : {"newton", "poisson", "stronge"}) {
            const double r = sweep.valueAt(findLaw(sweep, rigid), "tangential_restitution", m.x).value();
            if (m.x > 39.0 * kDeg) { EXPECT_NEAR(r, m.y, 0.02) << rigid << " at " << m.x / kDeg << " deg"; }
            if (m.x < 32.0 * kDeg) { EXPECT_NEAR(r, 5.0 / 7.0, kRigidTol) << rigid << " at " << m.x / kDeg << " deg"; }
        }
    }
    for (const MeasuredPoint& m : findSeries(sweep, "spin").points)
        if (m.x >= 20.0 * kDeg) { EXPECT_NEAR(sweep.valueAt(tc, "spin", m.x).value() / m.y, 1.0, 0.15) << m.x / kDeg << " deg"; }
    // Near 20 degrees the patch springs back: its rebound angle is below zero.
    const double nearTwenty = et.points[3].x;
    ASSERT_NEAR(nearTwenty, 20.0 * kDeg, 1.0 * kDeg);
    EXPECT_LT(sweep.valueAt(tc, "contact_rebound_angle", nearTwenty).value(), 0.0);
    // The compliant reference is swept and drawn dashed.
    EXPECT_TRUE(sweep.laws.back().reference);
    EXPECT_EQ(sweep.laws.back().id, kHertzMindlinSweepId);
}

TEST(MeasurementSweep, ResidualTableIsTheRmsAtTheMeasuredPointsAndNamesThePlateau) {
    const MeasurementSweep& sweep = getKharazSweep();
    const FigureTable table = makeResidualTable(sweep);
    ASSERT_EQ(table.header, (std::vector<std::string>{"Law", "RMS", "RMS / sigma", "Constant at"}));
    const std::size_t stronge = findLaw(sweep, "stronge");
    // The RMS over the whole range, brute force.
    const MeasurementSeries& et = findSeries(sweep, "tangential_restitution");
    double sum = 0.0, sumSigmas = 0.0;
    for (const MeasuredPoint& m : et.points) {
        const double d = sweep.valueAt(stronge, "tangential_restitution", m.x).value() - m.y;
        sum += d * d;
        sumSigmas += d * d / (*m.sigmaY * *m.sigmaY);
    }
    const double rms = std::sqrt(sum / et.points.size()), rmsSigmas = std::sqrt(sumSigmas / et.points.size());
    bool sawAll = false, sawPlateau = false, sawReboundAngle = false;
    std::string group;
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const auto& row = table.rows[r];
        if (row.size() == 1) {   // a heading over the laws' rows
            group = row[0];
            continue;
        }
        const bool rigid = row[0] == getLawDisplayName("stronge");
        if (group == "e_t, all: " + std::to_string(et.points.size()) + " points" && rigid) {
            ASSERT_NE(table.findNumber(r, 1), nullptr);
            EXPECT_NEAR(table.findNumber(r, 1)->values.x(), rms, 1e-12);
            ASSERT_NE(table.findNumber(r, 2), nullptr);
            EXPECT_NEAR(table.findNumber(r, 2)->values.x(), rmsSigmas, 1e-9);
            sawAll = true;
        }
        if (group.rfind("e_t, rigid laws stick", 0) == 0) {
            const TableNumber* constant = table.findNumber(r, 3);
            if (rigid) {
                ASSERT_NE(constant, nullptr);
                EXPECT_NEAR(constant->values.x(), 5.0 / 7.0, 1e-9);
                sawPlateau = true;
            }
            if (row[0] == getLawDisplayName("tangential-compliance")) { EXPECT_EQ(constant, nullptr); }   // it dips
        }
        // The rebound angle has no sigmas: no row claims them; its unit is the display unit.
        if (group.rfind("rebound angle [deg], ", 0) == 0) {
            EXPECT_EQ(table.findNumber(r, 2), nullptr);
            sawReboundAngle = true;
        }
    }
    EXPECT_TRUE(sawAll && sawPlateau && sawReboundAngle);
}

TEST(MeasurementSweep, FigureAndCsvCarryEveryLawAndMeasuredPointInDisplayUnits) {
    const ImpactScene scene = loadKharaz();
    const MeasurementSweep sweep = runKharazSweep(kMeasurementSweepPoints);
    const Figure f = makeMeasurementFigure(sweep, "rebound_angle", 20.0 * kDeg);
    EXPECT_EQ(f.xLabel, "Incidence angle [deg]");
    EXPECT_EQ(f.yLabel, "Rebound angle [deg]");
    ASSERT_EQ(f.series.size(), sweep.laws.size() + 2);   // the laws, the measured points, the scene's own angle
    // e_t's points carry sigmas: a bar of one sigma either side of each, out of the legend.
    const Figure et = makeMeasurementFigure(sweep, "tangential_restitution");
    const MeasurementSeries& etSeries = findSeries(sweep, "tangential_restitution");
    ASSERT_EQ(et.series.size(), sweep.laws.size() + 1 + etSeries.points.size());
    const FigureSeries& bar = et.series[sweep.laws.size() + 1];
    EXPECT_FALSE(bar.inLegend);
    ASSERT_EQ(bar.points.size(), 2u);
    EXPECT_NEAR(bar.points[0].x(), etSeries.points[0].x / kDeg, 1e-9);
    EXPECT_NEAR(bar.points[1].y() - bar.points[0].y(), 2.0 * *etSeries.points[0].sigmaY, 1e-12);
    EXPECT_TRUE(f.series[sweep.laws.size() - 1].dashed);   // the Hertz-Mindlin reference
    const FigureSeries& measured = f.series[sweep.laws.size()];
    EXPECT_EQ(measured.marker, FigureMarker::Circle);
    EXPECT_EQ(measured.points.size(), findSeries(sweep, "rebound_angle").points.size());
    EXPECT_NEAR(measured.points.front().x(), findSeries(sweep, "rebound_angle").points.front().x / kDeg, 1e-9);
    EXPECT_NEAR(f.series.back().points.front().x(), 20.0, 1e-9);
    // The grid spans the slider's range and holds every measured x exactly.
    EXPECT_EQ(sweep.x.front(), 0.0);
    EXPECT_EQ(sweep.x.back(), scene.findParameter("incidence")->max);
    const std::string csv = toCsv(sweep);
    EXPECT_EQ(csv.rfind("quantity,unit,series,incidence [deg],value\n", 0), 0u);
    EXPECT_NE(csv.find("spin,rad/s,spin (measured),"), std::string::npos);
    EXPECT_NE(csv.find("\nLaw,RMS,RMS / sigma,Constant at\n"), std::string::npos);   // the residual table follows
}

TEST(MeasurementSweep, SweepOfAParameterTheSceneLacksIsRefusedNamingTheField) {
    const ImpactScene scene = loadKharaz();
    EXPECT_EQ(test::getRefusalOf([&] { runMeasurementSweep(scene, {}, "speed"); }),
              "sweep.parameter: the scene has no numeric parameter 'speed'");
    EXPECT_EQ(test::getRefusalOf([&] { runMeasurementSweep(scene, {}, "law"); }),
              "sweep.parameter: the scene has no numeric parameter 'law'");
}

TEST(MeasurementSweep, BadStiffnessRatioIsRefusedNamingTheOption) {
    for (const double bad : {0.0, -1.0, std::nan("")}) {
        json doc = test::loadSceneDocument("experiment-kharaz-2001.json");
        doc["contact"]["options"]["tangential-compliance"]["stiffness_ratio"] = bad;
        const std::string refusal = test::getRefusalOf([&] {
            const ImpactScene s = parseImpactScene(doc);
            const auto solved = compareLaws(s.problem, listSceneLaws(s), false);
            if (!solved.front().accepted) throw InputError("law", solved.front().refusal);
        });
        EXPECT_NE(refusal.find("stiffness_ratio"), std::string::npos) << bad << ": " << refusal;
    }
}

}}  // namespace
}  // namespace impactlab
