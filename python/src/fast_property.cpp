#include "fast_property.hpp"

#include <string>

namespace py = pybind11;

namespace chess960::python {

namespace {

struct FastPropertyObject {
    PyObject_HEAD py::detail::type_info* type;
    FastGetter getter;
    PyObject* doc;
};

PyTypeObject* property_type = nullptr;

void dealloc(PyObject* self) {
    PyTypeObject* type = Py_TYPE(self);
    Py_XDECREF(reinterpret_cast<FastPropertyObject*>(self)->doc);
    type->tp_free(self);
    Py_DECREF(type);
}

PyObject* get(PyObject* self, PyObject* instance, PyObject*) {
    auto* property = reinterpret_cast<FastPropertyObject*>(self);
    if (!instance) {  // looked up on the class: the descriptor itself
        Py_INCREF(self);
        return self;
    }
    if (!PyObject_TypeCheck(instance, property->type->type)) {
        PyErr_SetString(PyExc_TypeError, "property of another type");
        return nullptr;
    }
    try {
        auto* inst = reinterpret_cast<py::detail::instance*>(instance);
        void* object = inst->get_value_and_holder(property->type).value_ptr();
        if (!object) {
            PyErr_SetString(PyExc_TypeError, "object not initialised");
            return nullptr;
        }
        return property->getter(instance, object);
    } catch (py::error_already_set& e) {
        e.restore();
    } catch (const std::exception& e) {
        PyErr_SetString(PyExc_RuntimeError, e.what());
    }
    return nullptr;
}

PyObject* doc(PyObject* self, void*) {
    PyObject* text = reinterpret_cast<FastPropertyObject*>(self)->doc;
    Py_INCREF(text);
    return text;
}

PyGetSetDef getset[] = {
    {"__doc__", doc, nullptr, nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyType_Slot slots[] = {
    {Py_tp_dealloc, reinterpret_cast<void*>(dealloc)},
    {Py_tp_descr_get, reinterpret_cast<void*>(get)},
    {Py_tp_getset, getset},
    {0, nullptr},
};

PyType_Spec spec = {"chess960.FastProperty", int(sizeof(FastPropertyObject)), 0, Py_TPFLAGS_DEFAULT,
                    slots};

}  // namespace

py::object fast_property(const std::type_info& type, FastGetter getter, const char* doc_text) {
    if (!property_type) {
        property_type = reinterpret_cast<PyTypeObject*>(PyType_FromSpec(&spec));
        if (!property_type) throw py::error_already_set();
    }
    py::detail::type_info* info = py::detail::get_type_info(type);
    if (!info) throw std::runtime_error("fast_property: the type is not bound");
    PyObject* self = PyType_GenericAlloc(property_type, 0);
    if (!self) throw py::error_already_set();
    auto* property = reinterpret_cast<FastPropertyObject*>(self);
    property->type = info;
    property->getter = getter;
    property->doc = PyUnicode_FromString(doc_text);
    return py::reinterpret_steal<py::object>(self);
}

}  // namespace chess960::python
